import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, LandingToaster } from './toaster.tsx';
import { WaitlistForm } from './waitlist-form.tsx';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(form: 'hero' | 'bottom') {
  const user = userEvent.setup();
  render(
    <>
      <WaitlistForm form={form} />
      <LandingToaster />
    </>,
  );
  return { user, email: screen.getByLabelText('Email address') };
}

const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });
const submit = () => screen.getByRole('button', { name: /join the waitlist/i });

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('WaitlistForm', () => {
  it('hero: an empty email is refused with a message and nothing is sent', async () => {
    const fetchMock = stubFetch(201, {});
    const { user, email } = renderForm('hero');

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("bottom: a value without @ gets the 'Invalid Email' toast and nothing is sent", async () => {
    const fetchMock = stubFetch(201, {});
    const { user, email } = renderForm('bottom');

    await user.type(email, 'kwame.example.com');
    await user.click(submit());

    const toasts = toastRegion();
    expect(await within(toasts).findByText('Invalid Email')).toBeInTheDocument();
    expect(within(toasts).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('bottom form has no exploring checkbox; the hero form has one', () => {
    const { unmount } = render(<WaitlistForm form="bottom" />);
    expect(screen.queryByLabelText("I'm just exploring")).not.toBeInTheDocument();
    unmount();
    render(<WaitlistForm form="hero" />);
    expect(screen.getByLabelText("I'm just exploring")).not.toBeChecked();
  });

  it('a duplicate email answers "You\'re Already In!" inline and as a toast', async () => {
    window.localStorage.setItem('utm_params', JSON.stringify({ utm_source: 'whatsapp' }));
    const fetchMock = stubFetch(200, {
      status: 'already_subscribed',
      title: "You're Already In!",
      message: 'Already Subscribed',
    });
    const { user, email } = renderForm('hero');

    await user.type(email, '  ama@example.com ');
    await user.click(screen.getByLabelText("I'm just exploring"));
    await user.click(submit());

    const status = await screen.findByRole('status');
    expect(await within(status).findByText("You're Already In!")).toBeInTheDocument();
    expect(within(status).getByText('Already Subscribed')).toBeInTheDocument();
    expect(within(toastRegion()).getByText("You're Already In!")).toBeInTheDocument();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/waitlist');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      email: 'ama@example.com',
      form: 'hero',
      exploring: true,
      utm_source: 'whatsapp',
      page_path: '/landing',
    });
  });

  it('a server failure shows the spec message and keeps the email for another try', async () => {
    stubFetch(500, { error: { code: 'INTERNAL', message: 'boom' } });
    const { user, email } = renderForm('bottom');

    await user.type(email, 'yaw@example.com');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Subscription Failed');
    expect(alert).toHaveTextContent('Error: Something went wrong. Please try again.');
    expect(email).toHaveValue('yaw@example.com');
    expect(submit()).toBeEnabled();
  });

  it("the server's field message is shown at the field", async () => {
    stubFetch(400, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Some fields are not valid',
        details: { fields: [{ field: 'email', message: 'Email cannot contain consecutive dots' }] },
      },
    });
    const { user, email } = renderForm('bottom');

    await user.type(email, 'esi@example.com');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Email cannot contain consecutive dots');
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('a successful join thanks the visitor and clears the field', async () => {
    stubFetch(201, {
      status: 'joined',
      title: "You're on the list!",
      message: "We'll email you as Adwuma opens in your city.",
    });
    const { user, email } = renderForm('hero');

    await user.type(email, 'kofi@example.com');
    await user.click(submit());

    const status = await screen.findByRole('status');
    expect(await within(status).findByText("You're on the list!")).toBeInTheDocument();
    expect(email).toHaveValue('');
  });
});
