import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";

/** The frame every Voxlate email shares: a preview line, the wordmark, the body and a footer. */
export function EmailLayout({ preview, children }: { preview: string; children: React.ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f6f8fb", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ maxWidth: 520, margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}>
          <Text style={{ fontSize: 20, fontWeight: 700, color: "#2550e8", margin: "0 0 24px" }}>Voxlate</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: "#e2e8f0", margin: "32px 0 16px" }} />
          <Text style={{ fontSize: 12, color: "#64748b" }}>
            You received this email because of activity on your Voxlate account. If it wasn't you, you can ignore it.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: 15, lineHeight: "24px", margin: "0 0 16px" };
export const button = {
  backgroundColor: "#2550e8",
  color: "#ffffff",
  borderRadius: 6,
  padding: "12px 20px",
  fontWeight: 600,
  textDecoration: "none",
  display: "inline-block",
};
