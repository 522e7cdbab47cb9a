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
  // Any output type: a form may turn what is typed into other values (dollars into cents).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: Path<T>;
  label: ReactNode;
  description?: ReactNode;
  /**
   * One input-like element, which receives id, aria-describedby and aria-invalid; or a function
   * given those props, for a control that is wrapped or takes them under other names.
   */
  children: ReactElement<ControlProps> | ((control: FieldControlProps) => ReactNode);
  /** The control's id (the error is `${id}-error`); generated when not given. */
  id?: string;
  /** Other elements describing the control (e.g. a note shared by two fields). */
  describedBy?: string;
  className?: string;
}

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** A labelled form control with its description and validation message wired for screen readers. */
export function FormField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  children,
  id: givenId,
  describedBy: extra,
  className,
}: FormFieldProps<T>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const { errors } = useFormState({ control, name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  const error = typeof message === 'string' && message ? message : undefined;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const own = typeof children === 'function' ? undefined : children.props['aria-describedby'];
  const describedBy = [own, extra, description ? descriptionId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  const controlProps: FieldControlProps = { id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined };
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {typeof children === 'function' ? children(controlProps) : cloneElement(children, controlProps)}
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
