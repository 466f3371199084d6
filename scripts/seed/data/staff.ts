/** The studio's three demo accounts: the e-mails and passwords come from .dev.vars. */
export const STAFF = {
  owner: { full_name: "Hannah Whitaker", job_title: "Founder", role: "Owner" },
  sales: { full_name: "Marcus Reid", job_title: "Head of Sales", role: "Sales" },
  team: { full_name: "Studio Team", job_title: "Shared team account", role: "Sales", email: "team@redbrickstudio.co.uk" },
} as const;
