import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';

/** The three labelled fields share one scaffold (components/ui/field-parts.tsx LabelledField). */
const fields = {
  TextField: (props: { hint?: string; error?: string; required?: boolean; id?: string }) => <TextField label="Nume" {...props} />,
  SelectField: (props: { hint?: string; error?: string; required?: boolean; id?: string }) => (
    <SelectField label="Nume" options={[{ value: 'a', label: 'A' }]} {...props} />
  ),
  TextareaField: (props: { hint?: string; error?: string; required?: boolean; id?: string }) => <TextareaField label="Nume" {...props} />,
};

describe.each(Object.entries(fields))('%s', (_name, Field) => {
  it('ties the label, hint and error to the control and marks it invalid', () => {
    render(<Field hint="Ca în buletin" error="Introduceți numele." required />);
    const control = screen.getByRole(_name === 'SelectField' ? 'combobox' : 'textbox', { name: /Nume/ });
    expect(control).toBeRequired();
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('Ca în buletin Introduceți numele.');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no description, invalid state or required mark when there is nothing to say', () => {
    render(<Field id="camp" />);
    const control = screen.getByLabelText('Nume');
    expect(control).toHaveAttribute('id', 'camp');
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control).not.toHaveAttribute('aria-describedby');
    expect(control).not.toBeRequired();
    expect(screen.queryByText('*')).toBeNull();
  });
});
