// Page group "help" (4.CHK.01): /help (with site chrome) and /helpmc (bare embed, decision 2.R.22).
export { HelpCentre, HelpMcPage } from '@/features/help/components/help-centre';
