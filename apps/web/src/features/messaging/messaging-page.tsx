/** /messaging (issue 9): conversations and a thread. */
export function MessagingPage() {
  return <div className="mx-auto max-w-5xl p-4">Messages</div>;
}
