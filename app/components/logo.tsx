import { Link } from "react-router";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`flex items-center gap-2 font-semibold text-slate-900 ${className}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span className="text-lg tracking-tight">Voxlate</span>
    </Link>
  );
}
