import { userMailOutbox } from '@/contract/api/account';
import { serve } from '@/server/http/serve';
import { mailOutbox } from '@/server/mail/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userMailOutbox, mailOutbox);
