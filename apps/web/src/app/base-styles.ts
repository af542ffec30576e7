// The CSS every page needs, linked by the root: Mantine's baseline and static variables (the
// light kit uses them too), the app's global rules and the light kit (docs/decisions/0007).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '../components/light/light.css';
import './global.css';
