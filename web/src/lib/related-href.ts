/** The CRM's links to records live in the contract, so the worker's e-mails link to the same places. */
export { relatedHref } from "@contract/related-href";
