import { userResendVerification } from '@/contract/api/account';
import { resendVerificationMail } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  userResendVerification,
  resendVerificationMail,
);
