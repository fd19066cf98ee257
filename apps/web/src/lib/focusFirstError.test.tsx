import { Button, MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { installFocusFirstError } from './focusFirstError';
import { applyFieldErrors } from './forms';

/** A form with two required fields; `server` answers a valid submit with a 422 for `email`. */
function Form({ server }: { server?: boolean }) {
  const form = useForm({
    initialValues: { name: '', email: '' },
    validate: { name: (v) => (v ? null : 'Name is a required field') },
  });
  const submit = form.onSubmit(() => {
    if (server)
      applyFieldErrors(form, new ApiError(422, 'INVALID_DATA', 'bad', { email: 'Email has already been taken' }));
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('focus on the first error', () => {
  let uninstall: () => void;
  beforeEach(() => (uninstall = installFocusFirstError()));
  afterEach(() => uninstall());

  it('moves to the first field the browser-side check refused', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Form />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('moves to the field a server 422 names', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Form server />
      </MantineProvider>,
    );
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByText('Email has already been taken')).toBeInTheDocument();
  });
});
