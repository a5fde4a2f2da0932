import type { EffectTable } from './types.js';

const live = { archived: false, deleted: false } as const;

/** §3: events → docs, folders and file system objects; §4: their archive, soft delete, restore, permanent delete. */
export const docEffects = {
  'eventDocs.upload': { action: 'upload', kind: 'eventDocs', view: 'document', set: { ...live, isPublic: false } },
  'eventDocs.update': { action: 'update', kind: 'eventDocs', when: live },
  'eventDocs.archive': { action: 'transition', kind: 'eventDocs', when: live, set: { archived: true } },
  'eventDocs.delete': { action: 'transition', kind: 'eventDocs', when: { deleted: false }, set: { deleted: true } },
  'eventDocs.restore': { action: 'transition', kind: 'eventDocs', view: 'restore', set: live },
  'eventDocs.list': { action: 'list', kind: 'eventDocs' },
  'eventDocs.getSignedUrl': { action: 'read', kind: 'eventDocs', target: 'query.eventDocId', view: 'signedUrl' },
  'eventDocs.getPublicSignedUrl': {
    action: 'read',
    kind: 'eventDocs',
    target: 'query.eventDocId',
    view: 'publicSignedUrl',
  },
  'eventDocs.listSignedUrls': { action: 'list', kind: 'eventDocs', view: 'signedUrls' },
  'fsObjects.createFolder': { action: 'create', kind: 'fsObjects', view: 'folder', set: { ...live, folder: true } },
  'fsObjects.updateFolder': { action: 'update', kind: 'fsObjects', when: { folder: true } },
  'fsObjects.get': { action: 'read', kind: 'fsObjects' },
  'fsObjects.getDisplayType': { action: 'read', kind: 'fsObjects', view: 'displayType' },
  'fsObjects.archive': { action: 'transition', kind: 'fsObjects', when: live, set: { archived: true } },
  'fsObjects.delete': { action: 'transition', kind: 'fsObjects', when: { deleted: false }, set: { deleted: true } },
  'fsObjects.restore': { action: 'transition', kind: 'fsObjects', view: 'restore', set: live },
  'fsObjects.deletePermanently': { action: 'delete', kind: 'fsObjects', when: { deleted: true } },
  'fsObjects.move': { action: 'update', kind: 'fsObjects', view: 'moveTo' },
  'fsObjects.moveToRoot': { action: 'update', kind: 'fsObjects', view: 'moveTo' },
  'fsObjects.listChildren': { action: 'list', kind: 'fsObjects', view: 'children', order: 'oldest' },
  'fsObjects.listNested': { action: 'list', kind: 'fsObjects', view: 'nested', order: 'oldest' },
  'fsObjects.listArchived': { action: 'list', kind: 'fsObjects', filter: { archived: true } },
  'fsObjects.listDisplayTypes': { action: 'list', kind: 'fsObjects', view: 'displayTypes' },
  'fsObjects.search': { action: 'list', kind: 'fsObjects', search: { param: 'term', fields: ['name'] } },
} as const satisfies EffectTable;
