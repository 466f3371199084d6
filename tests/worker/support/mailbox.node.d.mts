/** The Node-side MAILBOX service of the worker test pool; see mailbox.node.mjs. */
export declare function mailbox(request: Request): Promise<Response>;
