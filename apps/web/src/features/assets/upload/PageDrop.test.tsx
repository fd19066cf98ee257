import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { PageDrop } from './PageDrop';

function drag(type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', types: string[], files: File[] = []) {
  const e = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(e, 'dataTransfer', { value: { types, files, dropEffect: 'none' } });
  act(() => {
    window.dispatchEvent(e);
  });
  return e;
}

function setup(enabled = true) {
  const onFiles = vi.fn();
  render(
    <Providers env="test">
      <PageDrop enabled={enabled} folderName="Campaigns" onFiles={onFiles} />
    </Providers>,
  );
  return onFiles;
}

describe('PageDrop', () => {
  it('names the folder while files are dragged over the page and hands the dropped files on', () => {
    const onFiles = setup();
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    drag('dragenter', ['Files']);
    expect(screen.getByTestId('page-drop')).toHaveTextContent('Drop to upload to “Campaigns”');
    // Crossing a child: one more enter, one leave; still over the page.
    drag('dragenter', ['Files']);
    drag('dragleave', ['Files']);
    expect(screen.getByTestId('page-drop')).toBeInTheDocument();
    expect(drag('dragover', ['Files']).defaultPrevented).toBe(true);
    const drop = drag('drop', ['Files'], [file]);
    expect(drop.defaultPrevented).toBe(true);
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(screen.queryByTestId('page-drop')).not.toBeInTheDocument();
  });

  it('ignores text dragged inside the page, leaving the window, and everything when disabled', () => {
    const onFiles = setup();
    drag('dragenter', ['text/plain']);
    expect(screen.queryByTestId('page-drop')).not.toBeInTheDocument();
    drag('dragenter', ['Files']);
    drag('dragleave', ['Files']);
    expect(screen.queryByTestId('page-drop')).not.toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('does nothing for someone who may not upload', () => {
    const onFiles = setup(false);
    drag('dragenter', ['Files']);
    expect(screen.queryByTestId('page-drop')).not.toBeInTheDocument();
    expect(drag('drop', ['Files'], [new File(['x'], 'a.png')]).defaultPrevented).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
  });
});
