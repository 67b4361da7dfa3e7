/**
 * A button that opens the system file picker (the input itself is visually hidden but labelled, so
 * assistive technology and tests can reach it; 1 px, `.suture-file-input` in the theme's CSS). Chosen files are checked with `uploadProblem()`
 * before anything is sent (spec provider-side section 5): a refused file reaches `onProblem`.
 */
import { Button } from '@aws-amplify/ui-react';
import { useRef, type ReactNode } from 'react';
import { uploadProblem } from '../../../shared';

export interface FilePickerProps {
  /** Accessible name of the button, e.g. 'Upload Demographic Sheet'. */
  buttonLabel: string;
  /** Accessible name of the file input, e.g. 'Demographic Sheet file'. */
  inputLabel: string;
  /** Allowed extensions (lower case, no dot). */
  extensions: readonly string[];
  onFile: (file: File) => void;
  onProblem: (message: string) => void;
  isDisabled?: boolean;
  variation?: 'primary' | 'link' | 'menu' | 'warning' | 'destructive';
  size?: 'small' | 'large';
  /** Visible content of the button (defaults to the label). */
  children?: ReactNode;
}

/** `accept` text for the input: '.pdf,.doc,.docx'. */
export function acceptOf(extensions: readonly string[]): string {
  return extensions.map((e) => `.${e}`).join(',');
}

export function FilePicker({
  buttonLabel,
  inputLabel,
  extensions,
  onFile,
  onProblem,
  isDisabled,
  variation,
  size,
  children,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        size={size}
        variation={variation}
        className="suture-touch-target"
        isDisabled={isDisabled}
        aria-label={children === undefined ? undefined : buttonLabel}
        onClick={() => input.current?.click()}
      >
        {children ?? buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        className="suture-file-input"
        tabIndex={-1}
        aria-label={inputLabel}
        accept={acceptOf(extensions)}
        disabled={isDisabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so that choosing the same file again fires a change.
          e.target.value = '';
          if (!file) return;
          const problem = uploadProblem(file, extensions);
          if (problem) onProblem(problem);
          else onFile(file);
        }}
      />
    </>
  );
}
