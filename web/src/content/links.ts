/**
 * The public site's contact links in one place: booking, chat, e-mail and social
 * profiles. Changing a handle or the booking page is a one-line edit here.
 */
import { mailtoLink } from "@contract/mailto";

export const STUDIO_EMAIL = "hello@redbrickstudio.co.uk";
/** E.164 digits without "+": a fictional number from Ofcom's range reserved for drama. */
const WHATSAPP_NUMBER = "447700900461";

export const links = {
  /** The studio's own booking page (it sends visitors on to an outside scheduler when Settings name one). */
  booking: "/book",
  whatsapp: `https://wa.me/${WHATSAPP_NUMBER}`,
  email: mailtoLink(STUDIO_EMAIL),
  instagram: "https://www.instagram.com/redbrickstudio.mcr",
  linkedin: "https://www.linkedin.com/company/redbrick-studio-manchester",
} as const;

/** A mailto: link with a prefilled subject (the preview page's "Get Website"), every part encoded. */
export const mailtoWithSubject = (subject: string) => mailtoLink(STUDIO_EMAIL, { subject });
