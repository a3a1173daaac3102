import { ForgotPage } from '@/features/auth/forgot/forgot-page';
import { ContactList } from '@/features/customer-service/contact-list';

// Page group "auth" (project group, decision 4.CHK.02): /login, /register, /register.html, /forget.
export { LoginPage } from '@/features/auth/login/components/login-page';
export { RegisterPage } from '@/features/auth/register/register-page';

/** /forget: the forgot-password screen with the customer-service contact list (2.FGT.03). */
export function ForgetPage() {
  return <ForgotPage contactList={<ContactList />} />;
}
