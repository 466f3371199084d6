/**
 * /clients/{clientId} : a client's private preview. The access-code form and the framed preview
 * (POST /api/previews/:clientId/verify) come with the page content; an unknown id is not found.
 */
import { useParams } from "react-router-dom";
import { NotFoundContent } from "../../components/layout/not-found-content";
import { PageIntro } from "../../components/marketing/page-intro";
import { clientPreviewById } from "../../content/client-previews";
import { notFoundMeta, type RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: ({ clientId }) => {
    const client = clientPreviewById(clientId);
    if (!client) return notFoundMeta;
    // Private by nature: nothing here is for search engines.
    return { title: `Client Preview: ${client.name}`, description: `Private website preview for ${client.name}.`, noindex: true };
  },
};

export function Component() {
  const client = clientPreviewById(useParams().clientId);
  if (!client) return <NotFoundContent />;
  return <PageIntro eyebrow={client.name} title="Client Preview" lead="Enter your access code to view the preview" />;
}
