/** In the rename-speaker form: keep the renamed speaker's voice in the user's speaker library. */
export function SaveVoiceCheckbox() {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="saveVoice" className="size-4" /> Save this voice to my speaker library
    </label>
  );
}
