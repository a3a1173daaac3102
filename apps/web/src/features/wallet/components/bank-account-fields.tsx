import type { ChangeEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { THAI_BANKS } from '@lotus/contracts/withdrawal';
import { Field } from './field';

type TFieldInput = { value: string; onChange: ChangeEventHandler<HTMLInputElement | HTMLSelectElement>; error?: string };

/**
 * A bank account's fields (3.BANK): the bank, the account number and, unless the form takes the name
 * from the real name it asks above (the withdrawal setup), the account holder's name. Used by the
 * withdrawal setup and by "add a bank account"; the texts are the withdraw page's.
 */
export function BankAccountFields({
  language,
  testIds,
  bank,
  number,
  name,
}: {
  language: string;
  testIds: { bank: string; number: string; name: string };
  bank: TFieldInput;
  number: TFieldInput;
  /** The holder's name; left out when the form shows the real name instead. */
  name?: TFieldInput;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  return (
    <>
      <Field label={t('bank')} error={bank.error} testId={testIds.bank}>
        <select name="bankCode" className="record-input" value={bank.value} onChange={bank.onChange} data-testid={testIds.bank}>
          <option value="">{t('choose_bank')}</option>
          {THAI_BANKS.map((b) => (
            <option key={b.code} value={b.code}>
              {language === 'en' ? b.en : b.th}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('account_number')} hint={t('account_number_hint')} error={number.error} testId={testIds.number}>
        <input
          name="accountNumber"
          className="record-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={19}
          value={number.value}
          onChange={number.onChange}
          data-testid={testIds.number}
        />
      </Field>
      {name ? (
        <Field label={t('account_name')} hint={t('account_name_hint')} error={name.error} testId={testIds.name}>
          <input
            name="accountName"
            className="record-input wallet-upper"
            autoComplete="name"
            maxLength={120}
            value={name.value}
            onChange={name.onChange}
            data-testid={testIds.name}
          />
        </Field>
      ) : null}
    </>
  );
}
