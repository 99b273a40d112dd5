import { userMailUnsubscribe } from '@/contract/api/account';
import { serve } from '@/server/http/serve';
import { mailUnsubscribe } from '@/server/mail/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userMailUnsubscribe, mailUnsubscribe);
