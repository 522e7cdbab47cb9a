import { useState, type ComponentProps } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { cn } from '#web/lib/utils.ts';
import { CountryPicker } from './country-picker.tsx';
import { findCountry } from './countries.ts';
import { formatPhoneInput, fromE164 } from './phone-format.ts';
import { useGeoCountry } from './use-geo-country.ts';

export interface PhoneInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'defaultValue' | 'maxLength'> {
  /** The number in E.164 form ("+12125550101"), or "". */
  value: string;
  onChange: (e164: string) => void;
  /** A fixed starting country; without it the IP-geolocation lookup picks one (default US). */
  defaultCountry?: CountryCode;
  /** Lift the 15-digit cap. */
  allowLongNumbers?: boolean;
  containerClassName?: string;
}

/**
 * A phone field: country picker (flag, name, dial code) and a `type="tel"` input that formats the
 * digits for the country as they are typed. The value out is E.164.
 */
export function PhoneInput({
  value,
  onChange,
  defaultCountry,
  allowLongNumbers = false,
  disabled,
  className,
  containerClassName,
  ...inputProps
}: PhoneInputProps) {
  const geoCountry = useGeoCountry(!defaultCountry);
  const [chosenCountry, setChosenCountry] = useState<CountryCode | undefined>(() =>
    value ? fromE164(value, defaultCountry ?? geoCountry).country : undefined,
  );
  const country = chosenCountry ?? defaultCountry ?? geoCountry;
  const [display, setDisplay] = useState(() => fromE164(value, country).display);
  // The value this field last produced; a different incoming value was set from outside (e.g. a reset).
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    const parsed = fromE164(value, country);
    setDisplay(parsed.display);
    if (value) setChosenCountry(parsed.country);
  }

  const emit = (e164: string) => {
    setSynced(e164);
    if (e164 !== value) onChange(e164);
  };

  const handleText = (text: string, forCountry: CountryCode) => {
    const next = formatPhoneInput(text, forCountry, { allowLongNumbers });
    setDisplay(next.display);
    if (next.country && next.country !== forCountry && findCountry(next.country)) setChosenCountry(next.country);
    emit(next.e164);
  };

  const handleCountry = (code: CountryCode) => {
    setChosenCountry(code);
    // An international number keeps its own country code; national digits are re-read for the new one.
    if (display && !display.startsWith('+')) handleText(display, code);
  };

  return (
    <div data-slot="phone-input" className={cn('flex w-full min-w-0', containerClassName)}>
      <CountryPicker value={country} onChange={handleCountry} disabled={disabled} />
      <input
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        data-slot="input"
        disabled={disabled}
        placeholder={findCountry(country)?.format || undefined}
        {...inputProps}
        value={display}
        onChange={(e) => handleText(e.target.value, country)}
        className={cn(
          'tabular flex h-10 w-full min-w-0 rounded-r-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors sm:text-sm',
          'placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30',
          className,
        )}
      />
    </div>
  );
}
