/** A form-level message (e.g. "Wrong username or password"), announced when it appears. */
export function FormAlert({ title, messages }: { title?: string; messages?: string[] }) {
	if (!messages?.length) return null;
	return (
		<div role="alert" className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
			{title ? <p className="font-semibold">{title}</p> : null}
			{messages.map((message) => (
				<p key={message}>{message}</p>
			))}
		</div>
	);
}
