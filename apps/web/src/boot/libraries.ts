// The first entry of index.html (issue 10): ReactDOM and the router (the vendor chunk) evaluate in
// a task of their own, before main.tsx evaluates the app over them. One entry importing all of it
// evaluated 105-140 ms of modules in one task on a mid-range phone, all of it total blocking time.
// TanStack Query and i18next (side-effect-free packages) evaluate with the app. The imports are for
// their evaluation only.
import 'react-dom/client';
import 'react-router';
