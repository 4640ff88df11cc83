/**
 * Asks for the password of an encrypted PDF; a wrong one says so and asks again. Held in memory only.
 * Cancel (or Esc) closes that document only: every other open document stays.
 */
import { useState } from "react";

export function PasswordDialog({
  name,
  wrong,
  onSubmit,
  onCancel,
}: {
  name: string;
  wrong: boolean;
  onSubmit(password: string): void;
  onCancel(): void;
}) {
  const [password, setPassword] = useState("");
  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        role="dialog"
        aria-labelledby="password-title"
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onCancel();
          }
        }}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(password);
          setPassword("");
        }}
      >
        <h2 id="password-title">Password needed</h2>
        <p>
          <strong>{name}</strong> is encrypted. Enter its password to open it; it stays in this tab's memory
          only.
        </p>
        {wrong && (
          <p className="error" role="alert">
            That password is wrong — try again.
          </p>
        )}
        <input
          data-testid="password-input"
          type="password"
          autoFocus
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          aria-label="PDF password"
        />
        <div className="password-actions">
          <button data-testid="password-cancel" type="button" onClick={onCancel}>
            Cancel
          </button>
          <button data-testid="password-submit" type="submit" className="primary">
            Open
          </button>
        </div>
      </form>
    </div>
  );
}
