import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The placeholder of phone inputs: a Zambian number in international form (the same in every language). */
export const ZAMBIAN_PHONE_EXAMPLE = '+260 97 123 4567';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error (and hint) the input names with aria-describedby. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="fine-print">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide button (spec 001 §2). */
export function PasswordField({ label, error, ...input }: Omit<FieldProps, 'type' | 'hint'>) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="password-field">
        <input
          id={id}
          className="input"
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <button type="button" className="button button--ghost password-field__toggle" onClick={() => setShown((was) => !was)}>
          {shown ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
