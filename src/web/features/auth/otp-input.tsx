import type { Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import { OTP_LENGTH } from '#common/auth.ts';
import { FormField } from '#web/components/form-field.tsx';
import { cn } from '#web/lib/utils.ts';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  onBlur?: () => void;
}

/** Only the digits of what was pasted ("123 456", "123-456" → "123456"). */
export function digitsOnly(text: string) {
  return text.replace(/\D/g, '');
}

function Slot({ char, isActive, hasFakeCaret, invalid }: SlotProps & { invalid?: boolean }) {
  return (
    <div
      data-slot="otp-slot"
      data-active={isActive || undefined}
      className={cn(
        'relative flex size-11 items-center justify-center rounded-md border border-input bg-background text-xl font-medium tabular shadow-xs transition-all sm:size-12',
        isActive && 'z-10 border-ring outline-2 outline-ring/30',
        invalid && 'border-destructive',
      )}
    >
      {char}
      {hasFakeCaret && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <div className="h-5 w-px animate-pulse bg-foreground" />
        </div>
      )}
    </div>
  );
}

/**
 * Six single-digit boxes over one real input: typing, paste (digits kept), backspace and arrow
 * keys work as in a text field; the numeric keypad and one-time-code autofill are offered.
 */
export function OtpInput({ value, onChange, invalid, 'aria-label': ariaLabel, ...props }: OtpInputProps) {
  return (
    <OTPInput
      {...props}
      value={value}
      onChange={onChange}
      maxLength={OTP_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      pasteTransformer={digitsOnly}
      aria-label={ariaLabel ?? 'Verification code'}
      aria-invalid={invalid || undefined}
      containerClassName="flex items-center gap-2 has-[:disabled]:opacity-50"
      render={({ slots }) => (
        <div className="flex items-center gap-1.5 sm:gap-2">
          {slots.map((slot, i) => (
            <Slot key={i} {...slot} invalid={invalid} />
          ))}
        </div>
      )}
    />
  );
}

/** The labelled "Verification code" field of a react-hook-form form whose code is `otp`. */
export function OtpCodeField<T extends FieldValues & { otp: string }>({ control, id }: { control: Control<T>; id: string }) {
  const name = 'otp' as Path<T>;
  return (
    <FormField control={control} name={name} label="Verification code" id={id}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: f }) => (
            <OtpInput
              id={field.id}
              ref={f.ref}
              name={f.name}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              autoFocus
              invalid={!!field['aria-invalid']}
              aria-describedby={field['aria-describedby']}
            />
          )}
        />
      )}
    </FormField>
  );
}
