import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropZone } from './drop-zone.tsx';

const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });

function setup() {
  const onFile = vi.fn();
  render(
    <DropZone inputId="f" accept=".pdf" onFile={onFile} inputLabel="Document" testId="zone">
      <p>Drop it here</p>
    </DropZone>,
  );
  const input = screen.getByLabelText('Document') as HTMLInputElement;
  return { onFile, input, zone: screen.getByRole('button', { name: 'Drop it here' }) };
}

describe('DropZone', () => {
  it('opens the file picker on click, Enter and Space', async () => {
    const { input, zone } = setup();
    const click = vi.spyOn(input, 'click');
    await userEvent.click(zone);
    zone.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(3);
  });

  it('hands over a chosen file and a dropped one, marking the zone while dragging', async () => {
    const { onFile, input, zone } = setup();
    await userEvent.upload(input, file);
    expect(onFile).toHaveBeenLastCalledWith(file);
    expect(input.value).toBe('');
    fireEvent.dragOver(zone);
    expect(zone).toHaveClass('border-brand-600');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(zone).toHaveClass('border-slate-300');
  });
});
