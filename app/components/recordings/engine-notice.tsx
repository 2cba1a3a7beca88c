/** The offline fallback engine's warning, where a user chooses a language or reads what it wrote. */
export function EngineNotice({ notice, id }: { notice: string; id?: string }) {
  return (
    <p
      id={id}
      role="note"
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {notice}
    </p>
  );
}
