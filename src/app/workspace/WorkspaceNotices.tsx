/** The workspace's notices (storage, the link), each dismissable; the app works on beneath them. */
import { useNotices } from "../state/notices";

export function WorkspaceNotices() {
  const storage = useNotices((s) => s.storage);
  const link = useNotices((s) => s.link);
  const setStorage = useNotices((s) => s.setStorage);
  const setLink = useNotices((s) => s.setLink);
  return (
    <>
      {storage && (
        <div className="notice" role="status" data-testid="storage-notice">
          {storage}
          <button type="button" onClick={() => setStorage(null)} aria-label="Dismiss the storage notice">
            ×
          </button>
        </div>
      )}
      {link && (
        <div className="notice" role="alert" data-testid="link-notice">
          {link}
          <button type="button" onClick={() => setLink(null)} aria-label="Dismiss the link notice">
            ×
          </button>
        </div>
      )}
    </>
  );
}
