import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './OtpInput.tsx';

function setup() {
  const onChange = vi.fn<(code: string) => void>();
  render(<OtpInput onChange={onChange} />);
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
  return { onChange, boxes, user: userEvent.setup() };
}

describe('OtpInput', () => {
  it('renders four labelled boxes in a group', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(4);
    expect(screen.getByRole('group', { name: 'Código de verificación' })).toBeInTheDocument();
    expect(screen.getByLabelText('Dígito 1 de 4')).toBe(boxes[0]);
  });

  it('typing a digit fills the box and moves focus to the next one', async () => {
    const { boxes, user, onChange } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('7');
    expect(boxes[0]).toHaveValue('7');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('123');
    expect(boxes.map((box) => box.value)).toEqual(['7', '1', '2', '3']);
    expect(onChange).toHaveBeenLastCalledWith('7123');
  });

  it('focusing a filled box clears it', async () => {
    const { boxes, user, onChange } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('1234');
    await user.click(boxes[1]!);
    expect(boxes[1]).toHaveValue('');
    expect(boxes.map((box) => box.value)).toEqual(['1', '', '3', '4']);
    expect(onChange).toHaveBeenLastCalledWith('134');
  });

  it('pasting exactly 4 digits fills every box', async () => {
    const { boxes, user, onChange } = setup();
    await user.click(boxes[0]!);
    await user.paste('4821');
    expect(boxes.map((box) => box.value)).toEqual(['4', '8', '2', '1']);
    expect(onChange).toHaveBeenLastCalledWith('4821');
  });

  it('ignores pastes that are not exactly 4 digits', async () => {
    const { boxes, user, onChange } = setup();
    await user.click(boxes[0]!);
    await user.paste('12a4');
    await user.paste('12345');
    expect(boxes.map((box) => box.value)).toEqual(['', '', '', '']);
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/\d/));
  });

  it('ignores non-digits and keeps the focus', async () => {
    const { boxes, user } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('a- ');
    expect(boxes[0]).toHaveValue('');
    expect(boxes[0]).toHaveFocus();
  });

  it('Backspace on an empty box goes back to the previous one', async () => {
    const { boxes, user, onChange } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('12');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    expect(boxes[1]).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith('1');
  });
});
