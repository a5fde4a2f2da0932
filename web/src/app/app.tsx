import { Redirect, Route, Router, Switch } from 'wouter';
import { LoginPage } from '../features/login/login-page.js';
import { NotFoundPage } from './not-found-page.js';

/** The sign-in app's routes (§2), under the /app.login base path. */
export function App() {
  return (
    <Router base="/app.login">
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/">
          <Redirect to="/login" replace />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Router>
  );
}
