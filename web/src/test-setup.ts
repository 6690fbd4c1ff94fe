import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy chunks (templates, screens) load slower on a busy 2-core CI machine than the
// default 1 s that findBy* waits.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
