import { http, HttpResponse } from "msw";
import { afterAll, expect, test, vi } from "vitest";
import { mockServer } from "../../../tests/mocks/server";
import { sesTransport } from "./ses.server";
import { MailError } from "./transport";

afterAll(() => vi.unstubAllEnvs());

const ses = () => sesTransport({ region: "eu-west-1", from: "Voxlate <noreply@voxlate.test>" });

test("SES receives the message as the SESv2 SendEmail API documents it", async () => {
  let received: Record<string, unknown> | undefined;
  let authorization: string | null = null;
  mockServer.use(
    // https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html
    http.post("https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails", async ({ request }) => {
      authorization = request.headers.get("authorization");
      received = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ MessageId: "0102018c-test-message-id" });
    }),
  );
  vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE");
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", "example-secret");
  const sent = await ses().send({
    to: "someone@example.com",
    subject: "Your code",
    html: "<p>123456</p>",
    text: "123456",
  });
  expect(sent).toEqual({ transport: "ses", messageId: "0102018c-test-message-id" });
  expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request/);
  expect(received).toMatchObject({
    FromEmailAddress: "Voxlate <noreply@voxlate.test>",
    Destination: { ToAddresses: ["someone@example.com"] },
    Content: {
      Simple: { Subject: { Data: "Your code" }, Body: { Html: { Data: "<p>123456</p>" }, Text: { Data: "123456" } } },
    },
  });
});

test("an SES rejection surfaces as an error, so the job retries", async () => {
  mockServer.use(
    http.post("https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails", () =>
      HttpResponse.json(
        { message: "Email address is not verified." },
        { status: 400, headers: { "x-amzn-ErrorType": "MessageRejected" } },
      ),
    ),
  );
  const sending = ses().send({ to: "a@example.com", subject: "s", html: "<p>h</p>", text: "t" });
  await expect(sending).rejects.toThrow(/not verified/);
  await expect(sending).rejects.toBeInstanceOf(MailError);
});
