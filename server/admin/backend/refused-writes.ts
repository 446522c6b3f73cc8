/**
 * Writes straight to the published branch, which decap-server carries out and this backend refuses:
 * each would change the live site with no second person's approval and no line in the approval record.
 * Everything reaches the site through an entry's branch, its review and publishUnpublishedEntry.
 *
 * Deleting a published entry is refused to reviewers too: a deletion is a publication (the site
 * changes), and the record has no line for one, so allowing it would be the one unrecorded way to
 * change the site. Turning on the entry's Draft field takes a page off the site through review instead.
 */
import { MEDIA_UPLOADS } from '../../content/media-uploads';
import { Refusal } from './refusal';

export const WRITE_REFUSALS = {
  withoutWorkflow:
    'Changes reach the site only through review: save the entry in the editorial workflow (Draft, In review, Ready), and a reviewer publishes it.',
  mediaLibraryUpload: 'Pictures are published with the entry that uses them: add it from the entry.',
  deletePicture:
    'Pictures are published and removed with the entry that uses them: remove it from the entry and save. A picture no page uses any more is removed by the site’s maintainers.',
  deletePage:
    'A published page cannot be deleted from the editor, since the site would change without review or record. To take it off the site, open it, turn Draft on and save: that change is reviewed and published like any other. To remove a published page for good, ask the site’s maintainers.',
};

const isUpload = (file: string) => file.startsWith(`${MEDIA_UPLOADS.folder}/`);

export function refuseMediaLibraryUpload(): never {
  throw new Refusal(403, WRITE_REFUSALS.mediaLibraryUpload);
}

export function refusePublishedDeletion(paths: string[]): never {
  throw new Refusal(403, paths.every(isUpload) ? WRITE_REFUSALS.deletePicture : WRITE_REFUSALS.deletePage);
}

export function refuseWriteWithoutWorkflow(): never {
  throw new Refusal(403, WRITE_REFUSALS.withoutWorkflow);
}
