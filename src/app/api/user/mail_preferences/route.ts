import { userMailPreferences } from '@/contract/api/account';
import { serve } from '@/server/http/serve';
import { mailPreferences } from '@/server/mail/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userMailPreferences, mailPreferences);
