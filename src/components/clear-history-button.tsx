/** "Clear history", after a confirmation that says what goes: nothing the user made is lost by a slip. */
export function ClearHistoryButton({
  confirmation,
  onClear,
  busy,
}: {
  confirmation: string;
  onClear: () => void;
  busy: boolean;
}) {
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        if (window.confirm(confirmation)) onClear();
      }}
      className="mt-4 min-h-11 text-sm font-medium text-zinc-500 underline-offset-2 hover:underline disabled:opacity-60 md:min-h-0"
    >
      Clear history
    </button>
  );
}
