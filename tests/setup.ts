import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Forms load their schema and the zod resolver on demand (a dynamic import): on a busy machine running every test
// file in parallel, the first load in a worker can take longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 3000 });
