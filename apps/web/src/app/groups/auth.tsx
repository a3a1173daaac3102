// Page group "auth" (project group, decision 4.CHK.02): /login, /register, /register.html, /forget.
export { LoginPage, RegisterPage, ForgetPage } from '@/features/auth/components/auth-pages';
