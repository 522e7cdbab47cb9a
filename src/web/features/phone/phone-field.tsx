import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PhoneInput, type PhoneInputProps } from './phone-input.tsx';

export type PhoneFieldProps<T extends FieldValues, C, TT extends FieldValues> = Omit<
  PhoneInputProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'ref'
> & {
  control: Control<T, C, TT>;
  name: FieldPath<T>;
};

/** The phone input bound to a react-hook-form field (value, change, blur and focus-on-error). */
export function PhoneField<T extends FieldValues, C = unknown, TT extends FieldValues = T>({
  control,
  name,
  ...inputProps
}: PhoneFieldProps<T, C, TT>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneInput
          {...inputProps}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
