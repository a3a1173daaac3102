import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';

/**
 * react-hook-form as the account forms use it (issue 22): the form's zod schema (its resolver)
 * checks the values when the form is sent, never while typing; an error then stays beside its field
 * until that field changes (8.ERR.03), and each form moves the focus to its first error itself (a
 * field may sit in a folded section). The inputs stay controlled by the form's values, as the
 * prerendered pages render them.
 */
export function useAccountForm<T extends FieldValues>({
  defaultValues,
  resolver,
}: {
  defaultValues: DefaultValues<T>;
  resolver: Resolver<T>;
}) {
  const form = useForm<T>({
    defaultValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // defaultValues name every field, so the watched values are complete.
  const values = useWatch({ control: form.control }) as T;
  /** A field's new value; its error goes with the value it was about. */
  const change = <K extends Path<T>>(name: K, value: PathValue<T, K>) => {
    form.setValue(name, value);
    form.clearErrors(name);
  };
  return { form, values, change };
}

export type AccountForm<T extends FieldValues> = ReturnType<typeof useAccountForm<T>>;
