import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { get, useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/utils.ts';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

export interface FormFieldProps<T extends FieldValues> {
  /** The form's control; the error is read from its state by name, so the field never passes it by hand. */
  control: Control<T>;
  name: Path<T>;
  label: ReactNode;
  description?: ReactNode;
  /** One input-like element; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  className?: string;
}

/** A labelled form control with its description and validation message wired for screen readers. */
export function FormField<T extends FieldValues>({ control, name, label, description, children, className }: FormFieldProps<T>) {
  const id = useId();
  const { errors } = useFormState({ control, name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  const error = typeof message === 'string' && message ? message : undefined;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [children.props['aria-describedby'], description ? descriptionId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
