import { useRef, type FormEvent } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
} from 'react-hook-form';

/**
 * react-hook-form as the account forms use it (issue 22): the form's zod schema (its resolver)
 * checks the values when the form is sent, never while typing; an error then stays beside its field
 * until that field changes (8.ERR.03), and each form moves the focus to its first error itself (a
 * field may sit in a folded section): `focus` finds an input by its data-field. The inputs stay
 * controlled by the form's values, as the prerendered pages render them.
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
  // Every field the type requires has a default value, so the watched values are complete.
  const values = useWatch({ control: form.control }) as T;
  /** A field's new value; its error goes with the value it was about. */
  const change = <K extends Path<T>>(name: K, value: PathValue<T, K>) => {
    form.setValue(name, value);
    form.clearErrors(name);
  };
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (field: string) =>
    formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
  /** The form's onSubmit: the schema's check, then onValid (or onInvalid); ignored while a sending works. */
  const submitHandler =
    (onValid: SubmitHandler<T>, onInvalid?: SubmitErrorHandler<T>) => (event: FormEvent<HTMLFormElement>) => {
      if (form.formState.isSubmitting) return event.preventDefault();
      void form.handleSubmit(onValid, onInvalid)(event);
    };
  return { form, values, change, formRef, focus, submitHandler };
}

export type AccountForm<T extends FieldValues> = ReturnType<typeof useAccountForm<T>>;
