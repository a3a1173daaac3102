/** The real name as the bank writes it: capital letters, words separated by one space (register pattern 13). */
const CAPITAL_NAME = /^[A-Z]+( [A-Z]+)*$/;

export type TRealNameFields = { realName: string; password: string };
export type TRealNameErrors = {
  realName?: 'rn_name_required' | 'rn_name_capitals';
  password?: 'login_password_required';
};

/** What is wrong with the form before it is sent (the server checks the same again). */
export function checkRealName(values: TRealNameFields): TRealNameErrors {
  const errors: TRealNameErrors = {};
  const name = values.realName.trim();
  if (!name) errors.realName = 'rn_name_required';
  else if (name.length < 2 || name.length > 120 || !CAPITAL_NAME.test(name))
    errors.realName = 'rn_name_capitals';
  if (!values.password) errors.password = 'login_password_required';
  return errors;
}
