import { Link } from "react-router";

/** What the live demo shows without JavaScript (and while its code loads). */
export function LiveDemoWithoutScript() {
  return (
    <div className="mx-auto mt-10 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm">
      <h3 className="text-lg font-semibold">Live demo</h3>
      <p className="mt-2 text-slate-700">
        The live demo records from your microphone, which needs JavaScript. It is off or blocked in this browser.{" "}
        <Link to="/signup" className="font-medium underline">
          Sign up free
        </Link>{" "}
        and upload a recording instead: uploads work without JavaScript.
      </p>
    </div>
  );
}
