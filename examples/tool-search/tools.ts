// The tool-search example's catalogue: a few hundred tool descriptions, as an agent platform would list
// them, built from services, the objects each one manages and five actions.
import type { Document } from '../shared/search.js';

const SERVICES: Readonly<Record<string, { readonly title: string; readonly objects: readonly string[] }>> = {
  github: { title: 'GitHub', objects: ['issue', 'pull request', 'repository', 'release', 'comment'] },
  gitlab: { title: 'GitLab', objects: ['merge request', 'pipeline', 'issue'] },
  jira: { title: 'Jira', objects: ['ticket', 'sprint', 'project', 'comment'] },
  slack: { title: 'Slack', objects: ['message', 'channel', 'reminder', 'user status'] },
  gmail: { title: 'Gmail', objects: ['email', 'draft', 'label', 'filter'] },
  calendar: { title: 'Google Calendar', objects: ['event', 'calendar', 'invitation'] },
  drive: { title: 'Google Drive', objects: ['file', 'folder', 'permission'] },
  notion: { title: 'Notion', objects: ['page', 'database', 'comment'] },
  stripe: { title: 'Stripe', objects: ['payment', 'refund', 'customer', 'invoice', 'subscription'] },
  shopify: { title: 'Shopify', objects: ['order', 'product', 'inventory level', 'discount code'] },
  salesforce: { title: 'Salesforce', objects: ['lead', 'opportunity', 'contact', 'account'] },
  hubspot: { title: 'HubSpot', objects: ['contact', 'deal', 'company'] },
  zendesk: { title: 'Zendesk', objects: ['ticket', 'macro', 'user'] },
  twilio: { title: 'Twilio', objects: ['sms', 'phone call', 'phone number'] },
  s3: { title: 'Amazon S3', objects: ['bucket', 'object'] },
  ec2: { title: 'Amazon EC2', objects: ['instance', 'security group', 'snapshot'] },
  kubernetes: { title: 'Kubernetes', objects: ['pod', 'deployment', 'service'] },
  datadog: { title: 'Datadog', objects: ['monitor', 'dashboard', 'incident'] },
  pagerduty: { title: 'PagerDuty', objects: ['incident', 'on-call schedule'] },
  trello: { title: 'Trello', objects: ['card', 'board', 'list'] },
  asana: { title: 'Asana', objects: ['task', 'project'] },
  dropbox: { title: 'Dropbox', objects: ['file', 'shared link'] },
  spotify: { title: 'Spotify', objects: ['playlist', 'track'] },
  zoom: { title: 'Zoom', objects: ['meeting', 'recording'] },
  linear: { title: 'Linear', objects: ['issue', 'cycle'] },
};

const ACTIONS: Readonly<Record<string, (object: string, service: string) => string>> = {
  create: (object, service) => `Create a new ${object} in ${service}. Returns the created ${object} with its id.`,
  list: (object, service) => `List the ${object}s in ${service}, newest first, with optional filters and paging.`,
  get: (object, service) => `Get one ${object} from ${service} by its id, with all of its fields.`,
  update: (object, service) => `Update the fields of an existing ${object} in ${service}; fields not given are kept.`,
  delete: (object, service) => `Delete a ${object} from ${service}. This cannot be undone.`,
};

export interface Tool {
  /** `service.action_object`, e.g. `jira.create_ticket`. */
  readonly name: string;
  readonly description: string;
}

export const tools: readonly Tool[] = Object.entries(SERVICES).flatMap(([service, { title, objects }]) =>
  objects.flatMap((object) =>
    Object.entries(ACTIONS).map(([action, describe]) => ({ name: `${service}.${action}_${object.replace(/[ -]/g, '_')}`, description: describe(object, title) })),
  ),
);

/** What the retriever indexes: the tool's name (split into words by the tokenizer) and its description. */
export const toolDocuments: readonly Document[] = tools.map((tool) => ({ id: tool.name, text: `${tool.name} ${tool.description}` }));
