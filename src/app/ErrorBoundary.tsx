/**
 * Error boundaries (DESIGN §12 `app-error`): a failure while drawing never leaves a blank tab. The
 * app's boundary says what failed, sets the stored workspace aside (so a record that broke the app
 * is not restored into every new tab), and offers "reload without the workspace" and "export the
 * workspace as it is". A panel's boundary keeps the rest of the app working around a failed panel.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { version as APP_VERSION } from "../../package.json";
import { packWorkspace } from "../core/workspace/archive";
import { uiText } from "../host/errors";
import { downloadBlob } from "./download";
import { setAsideRecord } from "./workspace/db";
import { blockSaving, currentDocuments, currentRecord } from "./workspace/persistence";

interface BoundaryState {
  error: Error | null;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };
  private exportError: string | null = null;

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("the workbench failed while drawing", error, info.componentStack);
    // Nothing saves over the stored record now, and the record is set aside: not restored again.
    blockSaving();
    void setAsideRecord().catch((err: unknown) => console.error("could not set the workspace aside", err));
  }

  private reloadWithoutWorkspace = () => {
    // The hash too: a link can be what failed.
    window.location.replace(window.location.pathname + window.location.search);
  };

  private exportAsItIs = async () => {
    try {
      const zip = packWorkspace(await currentRecord(), await currentDocuments(), APP_VERSION);
      const day = new Date().toISOString().slice(0, 10);
      downloadBlob(zip as Uint8Array<ArrayBuffer>, `chunk-workbench-${day}.workspace.zip`, "application/zip");
      this.exportError = null;
    } catch (err) {
      this.exportError = `The workspace could not be exported: ${uiText(err)}`;
    }
    this.forceUpdate();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="app-error" role="alert" data-testid="app-error">
        <h1>The workbench stopped drawing</h1>
        <p>
          What failed: <code>{error.message || error.name}</code>
        </p>
        <p>
          Your documents and settings are not lost: the stored workspace was set aside, so a reload does not
          bring this back. Export it as it is to keep it, then reload without it.
        </p>
        <div className="app-error__actions">
          <button type="button" data-testid="app-error-export" onClick={() => void this.exportAsItIs()}>
            Export the workspace as it is
          </button>
          <button type="button" data-testid="app-error-reset" onClick={this.reloadWithoutWorkspace}>
            Reload without the workspace
          </button>
        </div>
        {this.exportError && <p className="error">{this.exportError}</p>}
      </div>
    );
  }
}

/** One panel's failure shown in its place; the rest of the app works on. "Try again" redraws it. */
export class PanelErrorBoundary extends Component<{ name: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`the ${this.props.name} panel failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="panel panel-error" role="alert" data-testid="panel-error">
        <p>
          The {this.props.name} panel failed: <code>{error.message || error.name}</code>
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </section>
    );
  }
}
