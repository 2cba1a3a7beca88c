import type { Route } from "./+types/_site.security";
import { PageHeader, pageMeta, Prose } from "~/components/page";

export const meta: Route.MetaFunction = () => pageMeta("Security", "How Voxlate protects your account and recordings.");

export default function Security() {
  return (
    <>
      <PageHeader eyebrow="Trust" title="Security" lead="How we protect your account and your recordings." />
      <Prose>
        <ul>
          <li>Passwords are stored only as Argon2 hashes; verification codes and reset tokens are hashed too.</li>
          <li>
            Session cookies are HttpOnly, SameSite=Lax and Secure in production, and hold only a signed session id.
          </li>
          <li>Every recording and transcript is checked against its owner on every request.</li>
          <li>Sign-in, sign-up, codes and password resets are rate-limited against guessing.</li>
          <li>Pages are served with a strict Content Security Policy and other security headers.</li>
        </ul>
      </Prose>
    </>
  );
}
