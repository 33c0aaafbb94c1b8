// jest.preset installs the jest-dom matchers at runtime; this makes tsc know about them too.
/// <reference types="@testing-library/jest-dom" />
