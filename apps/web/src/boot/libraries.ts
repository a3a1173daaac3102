// The first entry of index.html (issue 10): the libraries every page needs (React, ReactDOM, the
// router, TanStack Query) evaluate in a task of their own, before main.tsx evaluates the app over
// them. One entry importing all of it evaluated 105-140 ms of modules in one task on a mid-range
// phone, all of it total blocking time. The imports are for their evaluation only.
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
