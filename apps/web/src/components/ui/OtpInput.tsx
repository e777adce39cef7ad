import { useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@togo/domain/auth/auth.rules';

export interface OtpInputProps {
  /** Called with the digits typed so far, in box order (complete when its length is `length`). */
  onChange: (code: string) => void;
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
}

const emptyBoxes = (length: number) => Array.from({ length }, () => '');

/**
 * One-time-code boxes (AHGA §4 "OTP timer"): focusing a box clears it, typing a digit moves to the next
 * box, non-digits are ignored, pasting exactly `length` digits fills every box, Backspace goes back.
 * To clear it from outside (resend), remount it with a new `key`.
 */
export function OtpInput({
  onChange,
  length = OTP_LENGTH,
  disabled = false,
  autoFocus = false,
  label = 'Código de verificación',
}: OtpInputProps) {
  const [digits, setDigits] = useState<string[]>(() => emptyBoxes(length));
  // Mirror read by the handlers: focus moves synchronously inside an event, before React re-renders.
  const latest = useRef<string[]>(digits);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const update = (next: string[]) => {
    latest.current = next;
    setDigits(next);
    onChange(next.join(''));
  };

  const setDigit = (index: number, value: string) => {
    if (latest.current[index] === value) return;
    const next = [...latest.current];
    next[index] = value;
    update(next);
  };

  const fillAll = (text: string): boolean => {
    const code = text.trim();
    if (code.length !== length || !/^\d+$/.test(code)) return false;
    update(code.split(''));
    inputs.current[length - 1]?.blur();
    return true;
  };

  const onInput = (index: number, raw: string) => {
    if (fillAll(raw)) return; // one-time-code autofill puts the whole code in one box
    const digit = raw.replace(/\D/g, '').slice(-1);
    if (!digit) return; // non-digits are ignored
    setDigit(index, digit);
    inputs.current[index + 1]?.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (latest.current[index]) setDigit(index, '');
      else inputs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      inputs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      inputs.current[index + 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillAll(event.clipboardData.getData('text'));
  };

  return (
    <div className="otp-input" role="group" aria-label={label}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className="otp-input__box"
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          aria-label={`Dígito ${index + 1} de ${length}`}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onFocus={() => setDigit(index, '')}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
        />
      ))}
    </div>
  );
}
