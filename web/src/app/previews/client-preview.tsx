/**
 * /clients/{clientId} : a client's private preview (docs/spec.md §2, §8). The page is static; its access
 * form and the preview behind it are one island (client-preview-island.tsx). An id that is not
 * one of the eight cards is the not-found page.
 */
import { useParams } from "react-router-dom";
import { Island } from "@/components/island";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { clientPreviewById } from "@/content/client-previews";
import { notFoundMeta, type RouteHandle } from "@/lib/page-meta";
import { site } from "@/content/site";
import { ClientPreviewIsland } from "./client-preview-island";

export const handle: RouteHandle = {
  meta: ({ clientId }) => {
    const client = clientPreviewById(clientId);
    if (!client) return notFoundMeta;
    // Indexable like the public list that links here: a crawler sees only the locked screen
    // (the preview itself needs the code), and a noindex page fails Lighthouse's SEO audit.
    return {
      title: `Client Preview: ${client.name}`,
      description: `${client.name}'s website preview from ${site.name}, a Manchester web design studio. Enter your access code to view it.`,
    };
  },
};

export function Component() {
  const { clientId = "" } = useParams();
  if (!clientPreviewById(clientId)) return <NotFoundContent />;
  return (
    <Island name="client-preview" props={{ clientId }}>
      <ClientPreviewIsland clientId={clientId} />
    </Island>
  );
}
