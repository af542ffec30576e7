/** The KC mark: a stylised paulownia leaf and the name. Decorative; the link around it is labelled. */
export function Logo() {
  return (
    <svg width="72" height="32" viewBox="0 0 72 32" aria-hidden="true" focusable="false">
      <path d="M16 2c7 4 10 10 8 17-2 6-8 9-8 11 0-2-6-5-8-11C6 12 9 6 16 2z" fill="#1f6b3a" />
      <path d="M16 8v20" stroke="#e9f8ef" strokeWidth="1.5" />
      <text x="30" y="23" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize="20" fill="#0f5a2c">
        KC
      </text>
    </svg>
  );
}
